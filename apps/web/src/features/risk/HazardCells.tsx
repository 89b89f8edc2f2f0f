import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** What is wrong with a cell of the hazard's tables, under its control; nothing while all is well. */
export function CellProblem({ problem, testId }: { problem: string | undefined; testId?: string }) {
  return problem ? (
    <div className="rk-problem" data-testid={testId}>
      {problem}
    </div>
  ) : null;
}

/** The button at the end of a row of the hazard's tables that removes the row. */
export function RemoveRowButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={label} disabled={disabled} onClick={onClick} />;
}
