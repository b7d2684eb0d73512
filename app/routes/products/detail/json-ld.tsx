// Structured data for search engines: a <script type="application/ld+json"> that
// carries the CSP nonce, with "<" escaped so no text in it can end the script.
import { useNonce } from "#app/components/nonce.tsx";

export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  const json = JSON.stringify(data)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
