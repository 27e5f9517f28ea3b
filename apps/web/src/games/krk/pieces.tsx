// The chess pieces, drawn for Arena as SVG (no package, no network): a king and a rook on a 45×45 grid,
// filled white or black by krk.css.
import type { Piece } from "./view";

function King() {
  return (
    <>
      <path className="detail-stroke" d="M22.5 4.2v8.2M19 7.8h7" />
      <path d="M22.5 12.4c-3.3 0-4.4 3.6-2.8 6.2l2.8 6.4 2.8-6.4c1.6-2.6.5-6.2-2.8-6.2z" />
      <path d="M12 36.2v-6.1c-6.4-3.3-6.6-11.1-.4-11.9 4.4-.6 8.6 2.4 10.9 7.6 2.3-5.2 6.5-8.2 10.9-7.6 6.2.8 6 8.6-.4 11.9v6.1z" />
      <path className="detail" d="M12 30.1c6.4-2.2 14.6-2.2 21 0M12 33.4c6.4-1.8 14.6-1.8 21 0" />
      <rect x="9" y="36.2" width="27" height="4.6" rx="1.6" />
    </>
  );
}

function Rook() {
  return (
    <>
      <path d="M11.5 14.6V8.4h4.6v2.9h4.1V8.4h4.6v2.9h4.1V8.4h4.6v6.2z" />
      <path d="M11.5 14.6h22l-2.6 3.2H14.1z" />
      <path d="M15.1 17.8h14.8l1.1 14.6H14z" />
      <path d="M14 32.4h17l2 3.8H12z" />
      <path className="detail" d="M14.1 17.8h16.8M14 32.4h17" />
      <rect x="9" y="36.2" width="27" height="4.6" rx="1.6" />
    </>
  );
}

/** One piece, sized by its container; decorative (the square's button carries the name). */
export function PieceSvg({ piece }: { piece: Piece }) {
  const [color, kind] = piece.split(" ");
  return (
    <svg
      className={`piece ${color ?? ""}`}
      viewBox="0 0 45 45"
      aria-hidden="true"
      focusable="false"
      data-piece={piece}
    >
      {kind === "rook" ? <Rook /> : <King />}
    </svg>
  );
}
