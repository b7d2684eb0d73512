import { initialsOf, type SessionUser } from "#app/models/user.ts";

/** The signed-in user's photo (or initials), named for assistive technology. */
export function UserAvatar({
  user,
  size = 32,
}: {
  user: Pick<SessionUser, "name" | "image">;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (user.image) {
    return (
      <img
        src={user.image}
        alt={user.name}
        title={user.name}
        translate="no"
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full bg-slate-200 object-cover ring-2 ring-white/70"
      />
    );
  }
  const initials = initialsOf(user.name);
  return (
    <span
      role="img"
      aria-label={user.name}
      title={user.name}
      translate="no"
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-500 text-xs font-bold text-slate-900"
    >
      {initials}
    </span>
  );
}
