import { useEffect, useState } from 'react';
import { api } from '../net/api';

/** True when the server keeps mail in its local outbox (no SMTP), so the UI can point to /dev/mailbox. */
export function useLocalMailbox(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    api.outbox().then(
      () => live && setOpen(true),
      () => live && setOpen(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return open;
}
