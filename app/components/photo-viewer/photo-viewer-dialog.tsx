import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useRef, useState, type PointerEvent, type WheelEvent } from "react";

import { ChevronIcon, CloseIcon, Icon, type IconProps } from "#app/components/icons.tsx";
import { ListingPicture } from "#app/components/listing-picture.tsx";
import { useTranslator } from "#app/i18n/i18n-provider.tsx";
import type { PhotoUrls } from "#app/models/listing.ts";

function ZoomInIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4M11 8v6M8 11h6" />
    </Icon>
  );
}

function ZoomOutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4M8 11h6" />
    </Icon>
  );
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const STEP = 0.5;

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 disabled:opacity-40 disabled:hover:bg-white/10";

export default function PhotoViewerDialog({
  photos,
  startIndex,
  title,
  onClose,
}: {
  photos: PhotoUrls[];
  startIndex: number;
  title: string;
  onClose: () => void;
}) {
  const { t, dir } = useTranslator();
  const [index, setIndex] = useState(startIndex);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  const photo = photos[index] ?? photos[0];

  const zoomTo = useCallback((next: number) => {
    const value = clamp(next, MIN_ZOOM, MAX_ZOOM);
    setZoom(value);
    if (value === 1) setOffset({ x: 0, y: 0 });
  }, []);

  const show = (next: number) => {
    setIndex((next + photos.length) % photos.length);
    zoomTo(1);
  };

  const onWheel = (event: WheelEvent) => zoomTo(zoom - Math.sign(event.deltaY) * STEP);
  const onPointerDown = (event: PointerEvent) => {
    if (zoom === 1) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: offset.x, y: offset.y, startX: event.clientX, startY: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    setOffset({
      x: drag.current.x + (event.clientX - drag.current.startX) / zoom,
      y: drag.current.y + (event.clientY - drag.current.startY) / zoom,
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  if (!photo) return null;
  const many = photos.length > 1;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
          onKeyDown={(event) => {
            if (event.key === "+" || event.key === "=") zoomTo(zoom + STEP);
            else if (event.key === "-") zoomTo(zoom - STEP);
            // The arrow keys follow the reading direction: in a right-to-left page
            // the next photo is to the left.
            else if (event.key === "ArrowRight" && many) show(index + (dir === "rtl" ? -1 : 1));
            else if (event.key === "ArrowLeft" && many) show(index + (dir === "rtl" ? 1 : -1));
          }}
        >
          <div className="flex items-center gap-2 p-3 text-white sm:p-4">
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
              <span translate="no">{title}</span>
              {many ? (
                <span className="ms-2 text-sm font-normal text-slate-300">
                  {index + 1} / {photos.length}
                </span>
              ) : null}
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              {t(
                "Use the zoom buttons, the mouse wheel or the + and − keys to zoom; drag to move around a zoomed photo.",
              )}
            </Dialog.Description>
            <button
              type="button"
              className={controlClass}
              onClick={() => zoomTo(zoom - STEP)}
              disabled={zoom <= MIN_ZOOM}
              aria-label={t("Zoom out")}
            >
              <ZoomOutIcon className="size-5" />
            </button>
            <span className="w-12 text-center text-sm tabular-nums" aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
            <button
              type="button"
              className={controlClass}
              onClick={() => zoomTo(zoom + STEP)}
              disabled={zoom >= MAX_ZOOM}
              aria-label={t("Zoom in")}
            >
              <ZoomInIcon className="size-5" />
            </button>
            <Dialog.Close className={`${controlClass} ms-1`} aria-label={t("Close photo viewer")}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div
            className={`relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none ${zoom > 1 ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in"}`}
            onWheel={onWheel}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onDoubleClick={() => zoomTo(zoom > 1 ? 1 : 2)}
          >
            <ListingPicture
              photo={photo}
              sizes="100vw"
              priority="eager"
              alt={t("{title} ({number} of {count})", {
                title,
                number: index + 1,
                count: photos.length,
              })}
              draggable={false}
              className="max-h-full max-w-full object-contain transition-transform duration-150 ease-out"
              style={{ transform: `scale(${zoom}) translate(${offset.x}px, ${offset.y}px)` }}
            />
            {many ? (
              <>
                <button
                  type="button"
                  className={`${controlClass} absolute start-3 top-1/2 -translate-y-1/2`}
                  onClick={() => show(index - 1)}
                  aria-label={t("Previous photo")}
                >
                  <ChevronIcon direction="left" className="size-6" />
                </button>
                <button
                  type="button"
                  className={`${controlClass} absolute end-3 top-1/2 -translate-y-1/2`}
                  onClick={() => show(index + 1)}
                  aria-label={t("Next photo")}
                >
                  <ChevronIcon direction="right" className="size-6" />
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
