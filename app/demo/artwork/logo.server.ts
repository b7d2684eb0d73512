import { f, linear, radial, svgDoc } from "#app/demo/artwork/svg.server.ts";

/** The site logo, 256x256. */
export function logoSvg(): string {
  const defs =
    linear(
      "l-bg",
      [
        [0, "#2563eb"],
        [1, "#1e3a8a"],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial("l-shine", [
      [0, "#ffffff", 0.22],
      [1, "#ffffff", 0],
    ]);
  // A "C" drawn as a road: a thick white arc with an amber centre line, and a
  // small car driving out of its opening.
  const r = 74;
  const cx = 128;
  const cy = 128;
  const a0 = (40 * Math.PI) / 180;
  const x0 = cx + r * Math.cos(a0);
  const y0 = cy - r * Math.sin(a0);
  const y1 = cy + r * Math.sin(a0);
  const arc = `M${f(x0)} ${f(y0)}A${r} ${r} 0 1 0 ${f(x0)} ${f(y1)}`;
  let s = `<rect width="256" height="256" rx="56" fill="url(#l-bg)"/>`;
  s += `<circle cx="70" cy="56" r="150" fill="url(#l-shine)"/>`;
  s += `<path d="${arc}" fill="none" stroke="#0f1f5c" stroke-opacity="0.35" stroke-width="46" transform="translate(0 5)"/>`;
  s += `<path d="${arc}" fill="none" stroke="#ffffff" stroke-width="46"/>`;
  s += `<path d="${arc}" fill="none" stroke="#f59e0b" stroke-width="7" stroke-dasharray="16 12" stroke-linecap="round"/>`;
  // car silhouette in the opening of the C
  s += `<g transform="translate(86 150) scale(0.1)">`;
  s += `<path d="M34 -64L22 -70Q10 -80 10 -110L12 -168Q14 -200 24 -222Q32 -238 64 -241L250 -250C300 -262 346 -324 392 -344Q500 -378 612 -352C652 -332 688 -290 722 -266Q820 -254 902 -240Q966 -228 984 -204Q998 -180 998 -140L994 -96Q990 -70 962 -64Z" fill="#f59e0b"/>`;
  s += `<path d="M284 -256C326 -270 366 -318 400 -334Q500 -362 600 -342C638 -322 674 -290 702 -262Q480 -262 284 -256Z" fill="#1e3a8a"/>`;
  s += `<circle cx="215" cy="-70" r="80" fill="#1e3a8a"/><circle cx="805" cy="-70" r="80" fill="#1e3a8a"/>`;
  s += `<circle cx="215" cy="-70" r="60" fill="#f59e0b"/><circle cx="805" cy="-70" r="60" fill="#f59e0b"/>`;
  s += `</g>`;
  return svgDoc(256, 256, defs, s);
}
