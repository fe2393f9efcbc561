// A one-field form with its status line, for the options page's lists (repositories, hosts).
import { useState } from 'preact/hooks';

const message = (error) => String(error?.message ?? error);

/** A one-field form: `submit(text)` resolves to a success message or rejects with the reason. */
export function AddForm({ id, label, placeholder, submit }) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState(null); // {ok, text}
  const onSubmit = (event) => {
    event.preventDefault();
    submit(text).then((done) => { setText(''); setStatus({ ok: true, text: done }); },
      (error) => setStatus({ ok: false, text: message(error) }));
  };
  return (
    <form onSubmit={onSubmit}>
      <div class="Box-row">
        <input type="text" id={id} aria-label={label} placeholder={placeholder} value={text} spellcheck={false}
          autocomplete="off" aria-describedby={`${id}-status`} onInput={(event) => setText(event.currentTarget.value)} />
        <button type="submit" class="btn" data-options={`${id}-button`}>Add</button>
      </div>
      <p id={`${id}-status`} role="status" data-options={`${id}-status`}
        class={status ? (status.ok ? 'flash-success' : 'flash-error') : ''}>{status?.text ?? ''}</p>
    </form>
  );
}
