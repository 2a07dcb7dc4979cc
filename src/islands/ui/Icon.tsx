/**
 * An icon from the one table (src/lib/icons/) in an island; decorative, so hidden from assistive
 * tech. Pass the icon itself, not its name, so the bundle carries only the icons an island draws:
 * `import * as icons from '../../lib/icons/site'` and `<Icon body={icons.close} />`.
 */
import type { SVGProps } from 'react';
import { ICON_STROKE_WIDTH, ICON_VIEW_BOX } from '../../lib/icons/frame';

interface Props extends SVGProps<SVGSVGElement> {
  /** The SVG body, from src/lib/icons/site.ts or admin.ts. */
  body: string;
  /** A filled glyph (the social logos) rather than a stroked line icon. */
  filled?: boolean;
  size?: number;
}

export default function Icon({ body, filled = false, size = 20, ...props }: Props) {
  return (
    <svg
      viewBox={ICON_VIEW_BOX}
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : ICON_STROKE_WIDTH}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      // Constant markup from the icon table, never data from outside.
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
