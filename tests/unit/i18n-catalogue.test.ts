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
