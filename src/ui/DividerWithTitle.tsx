/** A horizontal rule with an optional centred caption. */
export function DividerWithTitle({ title }: { title?: string }) {
  if (!title) return <hr className="divider" />;
  return (
    <div className="divider-titled" role="separator" aria-label={title}>
      <span>{title}</span>
    </div>
  );
}
