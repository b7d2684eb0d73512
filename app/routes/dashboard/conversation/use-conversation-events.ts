// Live conversation pages: an event stream says when the conversation changed (a new
// message, the other side's "Seen", the request closing) and the page fetches its data
// again. A hidden tab waits until it is shown, so nothing is marked seen unseen. The
// browser's EventSource reconnects by itself after a dropped connection.
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export const conversationEventsPath = (orderId: number) =>
  `/dashboard/conversations/${orderId}/events`;

export function useConversationEvents(orderId: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let waiting = false;
    const refresh = () => {
      if (document.visibilityState === "hidden") {
        waiting = true;
        return;
      }
      waiting = false;
      void revalidate();
    };
    const onVisible = () => {
      if (waiting && document.visibilityState === "visible") refresh();
    };
    const source = new EventSource(conversationEventsPath(orderId));
    source.addEventListener("change", refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      source.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [orderId, revalidate]);
}
