/**
 * A small wrapper over @radix-ui/react-tooltip with the site's timings (open after 700 ms, skip
 * delay 300 ms). Each island that wants a
 * tooltip wraps its tree in <TooltipProvider> once and uses <Tooltip label=...>.
 * Radix opens on hover or focus and closes on blur, click, scroll or Escape.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

interface TooltipProps {
  label: string;
  /** A single focusable element, e.g. an icon button. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ label, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          // Its dark fill is all that sets it apart from what it covers; forced-colors mode (Windows
          // contrast themes) paints fills over, so there it has an edge.
          className="z-[70] rounded-control bg-ink-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg forced-colors:border"
        >
          {label}
          <RadixTooltip.Arrow className="fill-ink-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
