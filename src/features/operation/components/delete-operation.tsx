import { useState } from 'react';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteOperation } from '../../operations/api/delete-operation';

interface Props {
  op: PlatformOperation;
  lock: string | null;
  onDeleted(): void;
}

export function DeleteOperation({ op, lock, onDeleted }: Props) {
  const [asking, setAsking] = useState(false);
  const del = useDeleteOperation(op.id);
  return (
    <>
      <button type="button" className="button" disabled={!!lock} onClick={() => setAsking(true)} data-testid="operation:delete">
        Delete
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete “${op.name}”?`}
        confirmLabel="Delete operation"
        danger
        busy={del.isPending}
        error={del.error}
        onCancel={() => {
          setAsking(false);
          del.reset();
        }}
        onConfirm={() => del.mutate(undefined, { onSuccess: onDeleted })}
      >
        <p>The operation and its LAANC request are removed. Finished authorizations go with them. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
