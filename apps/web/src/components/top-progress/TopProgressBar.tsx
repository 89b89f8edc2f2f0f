import { useEffect, useState } from 'react';
import { PROGRESS_START, trickle } from './progress-rules';
import './top-progress.css';

const TRICKLE_MS = 200;
const FADE_MS = 300;

/** A thin bar across the top of the window while `active` (route changes, lazy loads). */
export function TopProgressBar({ active }: { active: boolean }) {
  // null: hidden; 1: finishing (fills, then fades out).
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (active) {
      setProgress((p) => (p === null || p >= 1 ? PROGRESS_START : p));
      const timer = setInterval(() => setProgress((p) => trickle(p ?? 0)), TRICKLE_MS);
      return () => clearInterval(timer);
    }
    setProgress((p) => (p === null ? null : 1));
    const timer = setTimeout(() => setProgress(null), FADE_MS);
    return () => clearTimeout(timer);
  }, [active]);

  if (progress === null) return null;
  return (
    <div className={progress >= 1 ? 'top-progress done' : 'top-progress'} aria-hidden="true" id="top-progress">
      <div className="top-progress-bar" style={{ transform: `translateX(${(progress - 1) * 100}%)` }} />
    </div>
  );
}
