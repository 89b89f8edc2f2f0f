import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';

/**
 * The end of a form that makes a product as a job (zoning, risk): why it cannot be made yet, as a warning, then the
 * button that starts it. `testId` names them (`zoning` → zoning-make-problem, #zoning-execute), `prefix` the hint's
 * class (`zn` → zn-hint).
 */
export function StartJob({
  names: { prefix, testId },
  problem,
  label,
  starting,
  disabled,
  onStart,
}: {
  names: { prefix: string; testId: string };
  problem: string | null;
  label: string;
  starting: boolean;
  disabled: boolean;
  onStart: () => void;
}) {
  return (
    <>
      {problem ? (
        <Alert type="warning" showIcon title={problem} className={`${prefix}-hint`} data-testid={`${testId}-make-problem`} />
      ) : null}
      <Button
        id={`${testId}-execute`}
        type="primary"
        icon={<PlayCircleOutlined aria-hidden />}
        loading={starting}
        disabled={disabled}
        onClick={onStart}
      >
        {label}
      </Button>
    </>
  );
}
