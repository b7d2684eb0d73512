// "Messages" on a contact request's row (My Orders, My Buyers): the way to its
// conversation, with how many messages wait unread.
import { AppLink } from "#app/components/ui/app-link.tsx";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { conversationPath } from "#app/models/conversation.ts";

export function ConversationLink({ orderId, unread }: { orderId: number; unread: number }) {
  const t = useT();
  return (
    <AppLink to={conversationPath(orderId)} className={`${outlineButton} whitespace-nowrap`}>
      {t("Messages")}
      {unread > 0 ? (
        <span className="ms-1.5 rounded-full bg-brand-600 px-1.5 text-white">
          {t("{count, plural, one {# unread} other {# unread}}", { count: unread })}
        </span>
      ) : null}
    </AppLink>
  );
}
