// Which button of an admin page is busy: the form of one intent (and one row's id, and any
// other fields that tell its forms apart) while this page sends it.
import { useNavigation } from "react-router";

/** True while this page is sending the form of `intent` (for `id` and `extra` fields, when given). */
export function useSending(
  intent: string,
  id?: number,
  extra: Record<string, string> = {},
): boolean {
  const navigation = useNavigation();
  const sent = navigation.formData;
  return (
    navigation.state === "submitting" &&
    sent?.get("intent") === intent &&
    (id === undefined || sent.get("id") === String(id)) &&
    Object.entries(extra).every(([name, value]) => sent.get(name) === value)
  );
}
