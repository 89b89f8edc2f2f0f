import { useCallback, useState } from 'react';
import { useEditor } from '../admin-list/use-list-page';

/** What a record's dialog takes from its page to pick the position on the map (spread onto the dialog). */
export interface PickingProps<P> {
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  /** The last position clicked on the map while picking. */
  picked: P | null;
  /** The position the form holds now (drawn on the map as a draft marker). */
  onPositionChange: (position: P | null) => void;
}

/**
 * The editor of a record with a position on the map: the dialog open on a record (null: a new one) and the picking of
 * its position — on when creating, each map click while on the picked position, the form's position drawn as a draft.
 * `toPosition` turns a click into the position the form takes.
 */
export function usePickingEditor<T, P>(toPosition: (lon: number, lat: number) => P) {
  const editor = useEditor<T>();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<P | null>(null);
  const [draft, setDraft] = useState<P | null>(null);
  const open = editor.open;
  const edit = useCallback(
    (record: T | null) => {
      setPicked(null);
      setDraft(null);
      setPicking(record === null);
      open(record);
    },
    [open],
  );
  const editing = editor.editing;
  const picker: PickingProps<P> = { picking, onPickingChange: setPicking, picked, onPositionChange: setDraft };
  return {
    /** The record being edited ({ record: null } for a new one), or null with the dialog closed. */
    editing,
    edit,
    close: editor.close,
    picker,
    /** The position to draw as the draft marker: the form's, while picking. */
    draft: editing && picking ? draft : null,
    /** The map click's part while the dialog is open (null when closed): the picked position, while picking. */
    onMapClick: editing
      ? (lon: number, lat: number) => {
          if (picking) setPicked(toPosition(lon, lat));
        }
      : null,
  };
}
