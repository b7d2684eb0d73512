// A listing photo at the right size for where it is shown: a WebP `srcset` of
// the 480/960/1600 px renditions, and an AVIF `<source>` when smaller AVIF
// renditions exist (a width without one falls back to its WebP in that list;
// every browser that reads AVIF reads WebP). Below the fold it loads lazily.
import type { CSSProperties } from "react";
import { preload } from "react-dom";

import type { PhotoUrls } from "#app/models/listing.ts";

export function photoSrcSet(photo: PhotoUrls, format: "webp" | "avif" = "webp"): string {
  const pick = (webp: string, avif: string | undefined) =>
    format === "avif" ? (avif ?? webp) : webp;
  return [
    `${pick(photo.small, photo.avifSmall)} 480w`,
    `${pick(photo.medium, photo.avifMedium)} 960w`,
    `${pick(photo.large, photo.avifLarge)} 1600w`,
  ].join(", ");
}

export function ListingPicture({
  photo,
  sizes,
  alt,
  altIsName = false,
  priority = "lazy",
  className,
  draggable,
  style,
}: {
  photo: PhotoUrls;
  /** The `sizes` attribute: how wide the picture is drawn at each viewport width. */
  sizes: string;
  alt: string;
  /** The alt text is the car's own title (people's words: translate="no"). */
  altIsName?: boolean;
  /** "high" for the page's main picture above the fold; "eager" for others in view. */
  priority?: "lazy" | "eager" | "high";
  className?: string;
  draggable?: boolean;
  style?: CSSProperties;
}) {
  const hasAvif = Boolean(photo.avifSmall || photo.avifMedium || photo.avifLarge);
  if (priority === "high") {
    // The page's main picture: requested from <head>, before the parser reaches it.
    // The same candidates and `sizes` as the <source> the browser will pick, so it
    // is fetched once. Only browsers that read the type fetch the AVIF preload.
    preload(hasAvif ? (photo.avifMedium ?? photo.medium) : photo.medium, {
      as: "image",
      imageSrcSet: photoSrcSet(photo, hasAvif ? "avif" : "webp"),
      imageSizes: sizes,
      type: hasAvif ? "image/avif" : "image/webp",
      fetchPriority: "high",
    });
  }
  const image = (
    <img
      src={photo.medium}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      translate={altIsName ? "no" : undefined}
      loading={priority === "lazy" ? "lazy" : "eager"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding={priority === "high" ? undefined : "async"}
      draggable={draggable}
      className={className}
      style={style}
    />
  );
  // Without AVIF renditions a <picture> would hold the <img> alone: two elements where
  // one does (a list's rows each have one; issue 29).
  if (!hasAvif) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      {image}
    </picture>
  );
}
