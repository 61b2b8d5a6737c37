import { useState } from 'react';
import { api } from '../../net/api';
import { Alert } from '../forms';
import { failureMessage } from './SecuritySettings';

/** Hands text to the browser as a file download. */
export function saveFile(text: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hands a JSON document to the browser as a file download. */
export function saveJson(data: unknown, fileName: string): void {
  saveFile(JSON.stringify(data, null, 2), 'application/json', fileName);
}

/** Account page "Your data": everything the server keeps about the learner, as one JSON file. */
export function DataExport() {
  const [status, setStatus] = useState<{ kind: 'idle' | 'working' | 'done' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  const download = async () => {
    if (status.kind === 'working') return;
    setStatus({ kind: 'working' });
    try {
      const data = await api.exportAccount();
      saveJson(data, `kotoba-tales-data-${data.exported_at.slice(0, 10)}.json`);
      setStatus({ kind: 'done' });
    } catch (error) {
      setStatus({ kind: 'error', message: failureMessage(error, 'Failed to download your data. Please try again.') });
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <div className="setting-head">
        <p className="muted">
          A copy of everything we keep about you, as one JSON file: your account, plan and usage, your stories with
          every scene, your saves, the grammar and words you looked up, and the messages you sent us.
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void download()} aria-disabled={status.kind === 'working' || undefined}>
          {status.kind === 'working' ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      {status.kind === 'done' && <Alert kind="success">Your data has been downloaded.</Alert>}
      {status.kind === 'error' && <Alert kind="error">{status.message}</Alert>}
    </section>
  );
}
