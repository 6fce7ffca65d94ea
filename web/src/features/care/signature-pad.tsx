import { type PointerEvent, useRef, useState } from "react";
import { t } from "./messages.ts";

/**
 * Her signature drawn with a finger, a pen or a mouse, beside the typed name that is the signature
 * itself (so the pad is optional, and a keyboard needs none). `onChange` hands the drawing as a
 * PNG data URL, or null once cleared.
 */
export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / box.width;
    return { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
  };
  const context = () => {
    const pen = canvas.current!.getContext("2d")!;
    pen.lineWidth = 3;
    pen.lineCap = "round";
    pen.lineJoin = "round";
    pen.strokeStyle = getComputedStyle(canvas.current!).color;
    return pen;
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = pointAt(event);
    const pen = context();
    pen.beginPath();
    pen.moveTo(x, y);
    pen.lineTo(x + 0.1, y + 0.1);
    pen.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const { x, y } = pointAt(event);
    const pen = context();
    pen.lineTo(x, y);
    pen.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    onChange(canvas.current!.toDataURL("image/png"));
  };
  const clear = () => {
    canvas.current!.getContext("2d")!.clearRect(0, 0, canvas.current!.width, canvas.current!.height);
    setDrawn(false);
    onChange(null);
  };
  return (
    <div className="stack care-signature">
      <span id="care-signature-label" className="text-field-label">
        {t("Draw your signature (optional)")}
      </span>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        className="care-signature-pad"
        role="img"
        aria-labelledby="care-signature-label"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      {drawn ? (
        <div className="row">
          <button type="button" className="button button-outlined" onClick={clear}>
            {t("Clear the drawing")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
