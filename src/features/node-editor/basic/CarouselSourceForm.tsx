import { useState } from 'react';
import type { CarouselItem } from '../../../core/flow';
import { IMAGE_NOT_REVIEWABLE, isImageUploadAccepted } from '../../../core/validation';
import { Button } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { newItemId, type CarouselSource } from '../logic/entries';
import { loadsAsImage } from '../use-image-check';
import { InputField } from '../widgets/fields';
import { SearchableSelect } from '../widgets/SearchableSelect';
import { UploadDropzone } from '../widgets/UploadDropzone';

interface CarouselSourceFormProps {
  source: CarouselSource;
  /** An item is selected: the new one takes its place. */
  replacing: boolean;
  checkKey: string;
  onAdd: (item: CarouselItem) => void;
  onFiles: (files: File[]) => void;
}

/**
 * The form of one carousel source (spec 2 §5): Add is disabled while the URL is blank, no list
 * variable is chosen, or no file variable is chosen. The form is keyed by source, so switching
 * the source starts a fresh draft (spec 2 §4).
 */
export function CarouselSourceForm({ source, replacing, checkKey, onAdd, onFiles }: CarouselSourceFormProps) {
  const { variableNames, fileVariableNames, setBusy, busy } = useNodeEditor();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [list, setList] = useState({ name: '', targetListPath: '', targetListProperty: '' });
  const [fileVariable, setFileVariable] = useState('');
  const verb = replacing ? 'Replace image' : 'Add image';
  const toOptions = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

  const addUrl = async () => {
    const target = url.trim();
    setBusy(`${checkKey}-item`, true);
    const ok = await loadsAsImage(target);
    setBusy(`${checkKey}-item`, false);
    if (!ok) return setUrlError(IMAGE_NOT_REVIEWABLE);
    onAdd({ id: newItemId(), type: 'url', url: target, reviewable: true });
    setUrl('');
  };

  switch (source) {
    case 'file':
      return (
        <UploadDropzone
          label="Carousel images"
          kind="image"
          multiple={!replacing}
          disabled={busy}
          accept={(file) => isImageUploadAccepted(file.type)}
          onFiles={onFiles}
        />
      );
    case 'url':
      return (
        <InputField
          label="Carousel image URL"
          type="url"
          value={url}
          error={urlError}
          placeholder="https://example.com/picture.png"
          onChange={(value) => {
            setUrl(value);
            setUrlError(undefined);
          }}
          after={
            <Button size="sm" disabled={url.trim() === '' || busy} onClick={() => void addUrl()}>
              {verb}
            </Button>
          }
        />
      );
    case 'list':
      return (
        <div className="ne-stack">
          <SearchableSelect
            label="List variable"
            options={toOptions(variableNames)}
            value={list.name || null}
            onChange={(name) => setList({ ...list, name })}
          />
          <div className="ne-grid-2">
            <InputField
              label="Path to the list"
              value={list.targetListPath}
              placeholder="data.items (optional)"
              onChange={(targetListPath) => setList({ ...list, targetListPath: targetListPath.trim() })}
            />
            <InputField
              label="Image property"
              value={list.targetListProperty}
              placeholder="image (optional)"
              onChange={(targetListProperty) =>
                setList({ ...list, targetListProperty: targetListProperty.trim() })
              }
            />
          </div>
          <Button
            size="sm"
            className="ne-self-start"
            disabled={list.name === ''}
            onClick={() => onAdd({ id: newItemId(), type: 'list', ...list })}
          >
            {replacing ? 'Replace with list' : 'Add list'}
          </Button>
        </div>
      );
    case 'file-variable':
      return (
        <div className="ne-stack">
          <SearchableSelect
            label="File variable"
            options={toOptions(fileVariableNames)}
            value={fileVariable || null}
            onChange={setFileVariable}
          />
          <Button
            size="sm"
            className="ne-self-start"
            disabled={fileVariable === ''}
            onClick={() => onAdd({ id: newItemId(), type: 'file-variable', variable_name: fileVariable })}
          >
            {replacing ? 'Replace with file variable' : 'Add file variable'}
          </Button>
        </div>
      );
  }
}
