import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that sends one submission at a time. The form counts as sending the
 * moment it is submitted, not once the code that sends has loaded (the islands fetch it on first
 * use): a second press while it loads would otherwise send again, which a `pending` state set after
 * that load cannot stop.
 */
export function useSubmitOnce(send: (form: HTMLFormElement) => Promise<void>): (event: FormEvent<HTMLFormElement>) => Promise<void> {
  const sending = useRef(false);
  return async (event) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await send(event.currentTarget);
    } finally {
      sending.current = false;
    }
  };
}
