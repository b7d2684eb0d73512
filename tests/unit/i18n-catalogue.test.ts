// The catalogue is complete (issue 26): every message the code uses is in every
// language, with the same placeholders, and parses as ICU MessageFormat.
import { describe, expect, test } from "vitest";

import { catalogueProblems, messagesInSource, placeholdersOf } from "#scripts/dev/i18n.ts";

describe("the message catalogue", () => {
  test("every message the code uses is written in every language, placeholders alike", () => {
    expect(catalogueProblems()).toEqual([]);
  });

  test("the extractor finds t(), msg() and <Rich message>", () => {
    const source = `
      const A = msg("Choose a make");
      function C() {
        const t = useT();
        return <p title={t("Hello {name}", { name })}>{translator.t(\`Sell Your Car\`)}<Rich message="Read our {terms}" values={{}} /></p>;
      }
      t(dynamic);`;
    expect(messagesInSource(source)).toEqual([
      "Choose a make",
      "Hello {name}",
      "Sell Your Car",
      "Read our {terms}",
    ]);
  });

  test("placeholders are compared by name and kind, plural branches included", () => {
    expect(placeholdersOf("{count, plural, one {# car by {seller}} other {# cars}}")).toEqual([
      "count:plural",
      "seller",
    ]);
    expect(placeholdersOf("Hola {name}")).toEqual(["name"]);
    expect(() => placeholdersOf("Hi {name")).toThrow();
    expect(() => placeholdersOf("{count, plural, one {# car}}")).toThrow(/other/);
  });
});

describe("msg() in the browser's bundle", () => {
  test("a plain string's call becomes the string; anything else is left as it is", async () => {
    const { inlineMsg } = await import("../../vite.config.ts");
    expect(inlineMsg('const a = msg("Choose a make");')).toBe('const a = ("Choose a make");');
    expect(inlineMsg('x = [msg("Say \\"hi\\""), msg(`Two`,)];')).toBe(
      'x = [("Say \\"hi\\""), (`Two`)];',
    );
    expect(inlineMsg("msg(`At ${n}`)")).toBe("msg(`At ${n}`)");
    expect(inlineMsg("msg(label)")).toBe("msg(label)");
    expect(inlineMsg('mymsg("x")')).toBe('mymsg("x")');
  });
});
