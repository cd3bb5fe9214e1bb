/** The opt-in to keep this server's tokens on this device; off unless ticked, and explained where it is. */
export function RememberCheckbox({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label
      className="auth-remember"
      title="Keeps this server’s tokens and client registration in this browser (IndexedDB) until you press Forget. Off: they live in memory and end with the tab."
    >
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      Remember on this device
    </label>
  );
}
