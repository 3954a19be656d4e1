import type { CarouselItem } from '../../../core/flow';
import { contentUrl } from '../content-api';
import { ItemActions } from '../widgets/ItemActions';

interface CarouselItemsProps {
  items: readonly CarouselItem[];
  selected: number | null;
  error?: string;
  itemError: (index: number) => string | undefined;
  onSelect: (index: number) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: (index: number) => void;
}

/** What an item shows: its image, or the variable it reads. */
export function describeItem(item: CarouselItem): string {
  switch (item.type) {
    case 'url':
    case 'file':
      return item.url || '(uploading)';
    case 'list':
      return `\${{${[item.name, item.targetListPath].filter(Boolean).join('.')}}}${item.targetListProperty ? ` → ${item.targetListProperty}` : ''}`;
    case 'file-variable':
      return `\${{${item.variable_name ?? ''}}}`;
  }
}

export function CarouselItems({
  items,
  selected,
  error,
  itemError,
  onSelect,
  onMove,
  onDelete,
}: CarouselItemsProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <span className="field-label">Images</span>
      {items.length === 0 && <p className="ne-muted">No images yet.</p>}
      <ol className="ne-carousel" aria-label="Carousel images">
        {items.map((item, i) => {
          const image = (item.type === 'url' || item.type === 'file') && item.url ? contentUrl(item.url) : '';
          const problem = itemError(i);
          return (
            <li
              key={String(item.id)}
              className={['ne-carousel-item', selected === i && 'ne-selected', problem && 'ne-invalid']
                .filter(Boolean)
                .join(' ')}
            >
              {image ? (
                <img src={image} alt={`Image ${i + 1}`} />
              ) : (
                <span className="ne-chip">{item.type}</span>
              )}
              <span className="ne-ellipsis" title={describeItem(item)}>
                {describeItem(item)}
              </span>
              {problem && <span className="field-error">{problem}</span>}
              <div className="ne-row">
                <button
                  type="button"
                  className="link-button"
                  aria-pressed={selected === i}
                  onClick={() => onSelect(i)}
                >
                  {selected === i ? 'Keep' : 'Replace'}
                </button>
                <ItemActions
                  name={`image ${i + 1}`}
                  index={i}
                  count={items.length}
                  wraps
                  onMove={(d) => onMove(i, d)}
                  onDelete={() => onDelete(i)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
