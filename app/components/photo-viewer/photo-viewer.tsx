// A photo that opens a zoomable viewer. Without JavaScript the link simply opens
// the large image; with it, a dialog (loaded on first use) shows the photos.
import { lazy, Suspense, useState, type ReactNode } from "react";

import type { PhotoUrls } from "#app/models/listing.ts";

const PhotoViewerDialog = lazy(() => import("./photo-viewer-dialog.tsx"));

export function PhotoViewer({
  photos,
  startIndex = 0,
  title,
  label,
  className,
  children,
}: {
  photos: PhotoUrls[];
  startIndex?: number;
  /** The car's name: the dialog's title and the photos' alternative text. */
  title: string;
  /** Accessible name of the link when its content has no text, e.g. "Open the photo of …". */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const photo = photos[startIndex];
  if (!photo) return <>{children}</>;
  return (
    <>
      <a
        href={photo.large}
        aria-label={label}
        aria-haspopup="dialog"
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <PhotoViewerDialog
            photos={photos}
            startIndex={startIndex}
            title={title}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
