import { useState } from 'react';
import type { CarouselItem } from '../../../core/flow';
import { newContentId, saveCarousel } from '../content-api';
import { useNodeEditor } from '../editor-context';
import { CAROUSEL_SOURCES, newItemId, type CarouselSource, type ContentEntry } from '../logic/entries';
import { moveWrapped } from '../logic/move';
import { InputField } from '../widgets/fields';
import { RadioGroup } from '../widgets/RadioGroup';
import { CarouselItems } from './CarouselItems';
import { CarouselSourceForm } from './CarouselSourceForm';
import type { EntryFormProps } from './entry-form-types';

const SOURCE_OPTIONS = CAROUSEL_SOURCES.map(({ source, label }) => ({ value: source, label }));

/**
 * Carousel element (spec 2 §3, §4, §5): a title and its items from the device, a URL, a JSON list
 * variable or a file variable. An item can be selected and replaced in place; moving wraps around.
 */
export function CarouselForm({
  entry,
  change,
  errorAt,
  checkKey,
}: EntryFormProps<ContentEntry> & { checkKey: string }) {
  const { scope, setBusy } = useNodeEditor();
  const [source, setSource] = useState<CarouselSource>('file');
  const [selected, setSelected] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const items = (Array.isArray(entry.content.content.en) ? entry.content.content.en : []) as CarouselItem[];
  const setItems = (next: CarouselItem[]) =>
    change((e) => {
      e.content.content = { en: next };
    });

  /** Adds the item, or puts it in place of the selected one. */
  const place = (list: CarouselItem[], item: CarouselItem): CarouselItem[] =>
    selected !== null && selected < list.length
      ? list.map((old, i) => (i === selected ? item : old))
      : [...list, item];

  const addItem = (item: CarouselItem) => {
    setItems(place(items, item));
    setSelected(null);
  };

  /** Device images are stored with the carousel at once; the server answers their addresses. */
  const addFiles = async (files: File[]) => {
    if (!scope) return setUploadError('Choose a bot before uploading images');
    const id = (entry.content.id as string | undefined) ?? newContentId();
    let next = items;
    for (const _file of files)
      next = place(next, { id: newItemId(), type: 'file', url: '', reviewable: true });
    setBusy(`${checkKey}-carousel`, true);
    setUploadError(null);
    try {
      const stored = await saveCarousel(scope, {
        id,
        title: entry.content.title,
        items: next,
        images: files,
        replace: !!entry.content.id,
      });
      change((e) => {
        e.content.id = id;
        e.content.content = { en: stored };
      });
      setSelected(null);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'Unable to save the carousel');
    } finally {
      setBusy(`${checkKey}-carousel`, false);
    }
  };

  return (
    <>
      <InputField
        label="Title"
        value={entry.content.title}
        error={errorAt('content.title')}
        onChange={(title) =>
          change((e) => {
            e.content.title = title;
          })
        }
      />
      <CarouselItems
        items={items}
        selected={selected}
        error={errorAt('content.content.en')}
        itemError={(i) => firstItemError(errorAt, i)}
        onSelect={(i) => setSelected(i === selected ? null : i)}
        onMove={(i, delta) => setItems(moveWrapped(items, i, delta))}
        onDelete={(i) => {
          setItems(items.filter((_, k) => k !== i));
          setSelected(null);
        }}
      />
      <RadioGroup label="Carousel source" value={source} options={SOURCE_OPTIONS} onChange={setSource} />
      <CarouselSourceForm
        key={source}
        source={source}
        replacing={selected !== null}
        checkKey={checkKey}
        onAdd={addItem}
        onFiles={(files) => void addFiles(files)}
      />
      {uploadError && <p className="field-error">{uploadError}</p>}
    </>
  );
}

function firstItemError(errorAt: (field: string) => string | undefined, i: number): string | undefined {
  const at = `content.content.en.${i}`;
  return (
    errorAt(`${at}.url`) ??
    errorAt(`${at}.targetListPath`) ??
    errorAt(`${at}.name`) ??
    errorAt(`${at}.variable_name`)
  );
}
