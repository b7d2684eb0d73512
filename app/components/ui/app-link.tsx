// A link to one of our own pages by its absolute path: React Router's <Link> in the
// browser, a plain <a> with the same attributes when the server renders it.
//
// On the server <Link> only decides its href and data-discover, but it runs six of
// React Router's hooks to do so (resolving the path against the route, prefetch and
// click handling that never run there): for a table of twenty rows with four links
// each that was about a tenth of the page's rendering and its allocations. Given an
// absolute path, the href is the path itself, so the server writes the element
// directly; the browser hydrates it as the <Link> it always was (client-side
// navigation, prefetching), with nothing in the markup to tell them apart.
import type { ComponentProps, ReactNode } from "react";
// The one place that renders React Router's <Link> and <NavLink> themselves.
// eslint-disable-next-line no-restricted-imports
import { Link, NavLink, useLocation, type NavLinkRenderProps } from "react-router";

type AppLinkProps = Omit<ComponentProps<typeof Link>, "to" | "relative" | "discover"> & {
  /** A path on this site ("/products/sedan", "/dashboard/myProducts?page=2"). */
  to: string;
};

/**
 * The server's rendering: what <Link to={path}> writes for a path of this site
 * (href, data-discover="true", target and the element's own attributes), without its
 * hooks. React Router's own props are left out (they are not attributes).
 */
export function ServerLink({
  to,
  prefetch: _prefetch,
  mask: _mask,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  reloadDocument: _reloadDocument,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  viewTransition: _viewTransition,
  target,
  children,
  ...rest
}: AppLinkProps) {
  // Anything but a path of this site ("page=2", "//host/…") is React Router's to resolve.
  if (!to.startsWith("/") || to.startsWith("//"))
    return (
      <Link {...rest} to={to} target={target}>
        {children}
      </Link>
    );
  return (
    <a {...rest} href={to} target={target} data-discover="true">
      {children}
    </a>
  );
}

export const AppLink: (props: AppLinkProps) => ReactNode = import.meta.env.SSR ? ServerLink : Link;

type AppNavLinkProps = Omit<ComponentProps<typeof NavLink>, "to" | "relative" | "discover"> & {
  /** A path on this site, as for AppLink. */
  to: string;
};

/**
 * The server's rendering of <NavLink to={path}>: <ServerLink> with the `aria-current`,
 * class, style and children NavLink gives it for the page being rendered (no navigation
 * is pending on the server). NavLink runs nine of React Router's hooks to decide them;
 * the header's and a list's links made a twentieth of a simple page's rendering.
 */
export function ServerNavLink({
  to,
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  "aria-current": ariaCurrent = "page",
  ...rest
}: AppNavLinkProps) {
  const location = useLocation();
  if (!to.startsWith("/") || to.startsWith("//"))
    return (
      <NavLink
        {...rest}
        to={to}
        end={end}
        caseSensitive={caseSensitive}
        className={className}
        style={style}
        aria-current={ariaCurrent}
      >
        {children}
      </NavLink>
    );
  // NavLink compares the paths alone (no search, no hash), as React Router resolved them.
  let target = to.replace(/[?#].*$/s, "");
  let here = location.pathname;
  if (!caseSensitive) {
    target = target.toLowerCase();
    here = here.toLowerCase();
  }
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive =
    here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === "/");
  const state: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink
      {...rest}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </ServerLink>
  );
}

/** NavLink for a path of this site: React Router's in the browser, ServerNavLink's markup on the server. */
export const AppNavLink: (props: AppNavLinkProps) => ReactNode = import.meta.env.SSR
  ? ServerNavLink
  : NavLink;
