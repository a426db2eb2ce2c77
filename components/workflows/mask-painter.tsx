"use client";
import { Brush, Eraser, Trash2, Undo2 } from "lucide-react";
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type PointerEvent, type Ref } from "react";
import { Button } from "@/components/ui";
import { cx } from "@/components/ui/cx";
import { ResizedImage, type ResizedSource } from "@/components/ui/resized-image";

/** The mask is sent at most this wide or tall; the service scales it to the photo (D8). */
const MASK_MAX_SIDE = 1024;
const UNDO_DEPTH = 20;

/** What changed the mask: a brush or eraser stroke, undo or clear, a polygon filled by the form, or the photo (re)loaded. */
export type MaskChange = "stroke" | "undo" | "clear" | "fill" | "load";

/** What a form may do to the painting besides the person's strokes. */
export interface MaskPainterHandle {
  /** Paints (`on`) or clears a polygon given in fractions of the photo (x across, y down), as one undoable step. */
  fillPolygon(points: [number, number][], on: boolean): void;
}

interface MaskPainterProps {
  /** Shown through its display copy: the tab is rendered hidden on every project page load. */
  image: ResizedSource;
  imageAlt: string;
  width: number;
  height: number;
  /** A PNG data URL, white where painted on black, or null when nothing is painted; `cause` says what changed it. */
  onMaskChange: (mask: string | null, cause: MaskChange) => void;
  /** A mask to start from (white where painted), e.g. what was saved before, as a data URL. */
  initialMask?: string | null;
  /** The canvas's accessible name, saying what painting means here. */
  canvasLabel?: string;
  /** What the painting belongs to (a photo's id): a new one starts it afresh. The image's link by default, which a page that signs links anew on each render changes too. */
  paintingKey?: string;
  ref?: Ref<MaskPainterHandle>;
}

/**
 * Paint the area to change over the photo: brush and eraser with a size, undo and
 * clear. Strokes show in translucent teal; the exported mask is white on black.
 */
export function MaskPainter({
  image,
  imageAlt,
  width,
  height,
  onMaskChange,
  initialMask = null,
  canvasLabel = "Mask canvas: paint over the area to change",
  paintingKey,
  ref,
}: MaskPainterProps) {
  const scale = Math.min(1, MASK_MAX_SIDE / Math.max(width, height));
  const canvasWidth = Math.max(1, Math.round(width * scale));
  const canvasHeight = Math.max(1, Math.round(height * scale));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const history = useRef<ImageData[]>([]);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [tool, setTool] = useState<"brush" | "eraser">("brush");
  const [brush, setBrush] = useState(28);
  const [canUndo, setCanUndo] = useState(false);
  const sizeId = useId();

  const context = () => canvasRef.current?.getContext("2d", { willReadFrequently: true }) ?? null;

  const publish = useCallback(
    (cause: MaskChange) => {
      const canvas = canvasRef.current;
      const ctx = context();
      if (!canvas || !ctx) return;
      const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = false;
      for (let i = 3; i < pixels.length && !painted; i += 4) painted = pixels[i] > 0;
      if (!painted) return onMaskChange(null, cause);
      const mask = document.createElement("canvas");
      mask.width = canvas.width;
      mask.height = canvas.height;
      const m = mask.getContext("2d")!;
      m.drawImage(canvas, 0, 0);
      m.globalCompositeOperation = "source-in";
      m.fillStyle = "#ffffff";
      m.fillRect(0, 0, mask.width, mask.height);
      m.globalCompositeOperation = "destination-over";
      m.fillStyle = "#000000";
      m.fillRect(0, 0, mask.width, mask.height);
      onMaskChange(mask.toDataURL("image/png"), cause);
    },
    [onMaskChange],
  );

  useEffect(() => {
    history.current = [];
    setCanUndo(false);
    context()?.clearRect(0, 0, canvasWidth, canvasHeight);
    onMaskChange(null, "load");
    if (!initialMask) return;
    let current = true;
    const saved = new Image();
    saved.onload = () => {
      const ctx = context();
      if (!current || !ctx) return;
      // The saved mask is white on black: painted again in the brush's teal where it is white.
      ctx.drawImage(saved, 0, 0, canvasWidth, canvasHeight);
      const pixels = ctx.getImageData(0, 0, canvasWidth, canvasHeight);
      for (let i = 0; i < pixels.data.length; i += 4) {
        const on = pixels.data[i] >= 128;
        pixels.data.set(on ? [0x14, 0xb8, 0xa6, 255] : [0, 0, 0, 0], i);
      }
      ctx.putImageData(pixels, 0, 0);
      publish("load");
    };
    saved.src = initialMask;
    return () => {
      current = false;
    };
    // The saved mask is read once per photo (a data URL: a canvas may read its pixels); later saves come from this painting.
  }, [paintingKey ?? image.url, canvasWidth, canvasHeight, onMaskChange]);

  useImperativeHandle(ref, () => ({
    fillPolygon(points, on) {
      const ctx = context();
      if (!ctx || points.length < 3) return;
      history.current = [...history.current.slice(-(UNDO_DEPTH - 1)), ctx.getImageData(0, 0, canvasWidth, canvasHeight)];
      setCanUndo(true);
      ctx.globalCompositeOperation = on ? "source-over" : "destination-out";
      ctx.fillStyle = "#14b8a6";
      ctx.beginPath();
      points.forEach(([x, y], i) =>
        i === 0 ? ctx.moveTo(x * canvasWidth, y * canvasHeight) : ctx.lineTo(x * canvasWidth, y * canvasHeight),
      );
      ctx.closePath();
      ctx.fill();
      publish("fill");
    },
  }));

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * canvasWidth, y: ((event.clientY - rect.top) / rect.height) * canvasHeight };
  }

  function strokeTo(event: PointerEvent<HTMLCanvasElement>) {
    const ctx = context();
    const from = last.current;
    if (!ctx || !from) return;
    const to = point(event);
    const rect = event.currentTarget.getBoundingClientRect();
    ctx.globalCompositeOperation = tool === "eraser" ? "destination-out" : "source-over";
    ctx.strokeStyle = "#14b8a6";
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = brush * (canvasWidth / rect.width);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    history.current = [...history.current.slice(-(UNDO_DEPTH - 1)), ctx.getImageData(0, 0, canvasWidth, canvasHeight)];
    setCanUndo(true);
    last.current = point(event);
    strokeTo(event);
  }

  function end() {
    if (!last.current) return;
    last.current = null;
    publish("stroke");
  }

  function undo() {
    const previous = history.current.pop();
    if (previous) context()?.putImageData(previous, 0, 0);
    setCanUndo(history.current.length > 0);
    publish("undo");
  }

  function clear() {
    const ctx = context();
    if (!ctx) return;
    history.current = [...history.current.slice(-(UNDO_DEPTH - 1)), ctx.getImageData(0, 0, canvasWidth, canvasHeight)];
    setCanUndo(true);
    ctx.clearRect(0, 0, canvasWidth, canvasHeight);
    publish("clear");
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Mask tools">
        <div className="inline-flex rounded-lg ring-1 ring-stone-300">
          {(["brush", "eraser"] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={tool === name}
              onClick={() => setTool(name)}
              className={cx(
                "inline-flex h-8 items-center gap-1.5 px-3 text-sm font-medium first:rounded-l-lg last:rounded-r-lg",
                tool === name ? "bg-accent-600 text-white" : "bg-white text-stone-700 hover:bg-stone-50",
              )}
            >
              {name === "brush" ? <Brush className="size-4" aria-hidden="true" /> : <Eraser className="size-4" aria-hidden="true" />}
              {name === "brush" ? "Brush" : "Eraser"}
            </button>
          ))}
        </div>
        <label htmlFor={sizeId} className="ml-2 text-sm text-stone-700">
          Size
        </label>
        <input
          id={sizeId}
          type="range"
          min={6}
          max={80}
          value={brush}
          onChange={(e) => setBrush(Number(e.target.value))}
          className="w-28 accent-accent-600"
        />
        <Button variant="secondary" size="sm" onClick={undo} disabled={!canUndo}>
          <Undo2 className="size-4" aria-hidden="true" />
          Undo
        </Button>
        <Button variant="ghost" size="sm" onClick={clear}>
          <Trash2 className="size-4" aria-hidden="true" />
          Clear
        </Button>
      </div>
      <div
        className="relative max-w-3xl overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <ResizedImage
          image={image}
          sizes="(min-width: 768px) 768px, 100vw"
          alt={imageAlt}
          className="pointer-events-none absolute inset-0 size-full select-none object-cover"
        />
        <canvas
          ref={canvasRef}
          width={canvasWidth}
          height={canvasHeight}
          aria-label={canvasLabel}
          className="absolute inset-0 size-full cursor-crosshair touch-none opacity-60"
          onPointerDown={start}
          onPointerMove={(event) => last.current && strokeTo(event)}
          onPointerUp={end}
          onPointerCancel={end}
          onPointerLeave={end}
        />
      </div>
    </div>
  );
}
