import { useEffect, useRef, useState } from 'react';
import type { Task } from '../../../../contract/tasks';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCompleteTask } from '../api/complete-task';
import { useStartVideo } from '../api/start-video';

const LOADING_MS = 1500;
type Phase = 'ready' | 'loading' | 'playing' | 'completed' | 'network';

/** SPEC's demo ad: ready, loading 1.5 s, playing with a counter to the ad's length, completed; the server times it too. */
export function VideoAdModal({ task, onClose }: { task: Task; onClose(): void }) {
  const [phase, setPhase] = useState<Phase>('ready');
  const [seconds, setSeconds] = useState(0);
  // Closing after the ad has played asks first: the reward would be thrown away (DESIGN §16).
  const [askingToLeave, setAskingToLeave] = useState(false);
  const ticket = useRef<string | undefined>(undefined);
  const complete = useCompleteTask();
  const startVideo = useStartVideo();
  const duration = task.verificationData.adDuration;
  // Close is off while the ad loads and plays (SPEC §4).
  const busy = phase === 'playing' || phase === 'loading';

  useEffect(() => {
    if (phase !== 'playing') return;
    const timer = setInterval(() => {
      setSeconds((s) => {
        if (s + 1 >= duration) setPhase('completed');
        return Math.min(duration, s + 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [phase, duration]);

  async function play() {
    setPhase('loading');
    try {
      const [started] = await Promise.all([
        startVideo.mutateAsync(task._id),
        new Promise((r) => setTimeout(r, LOADING_MS)),
      ]);
      ticket.current = started.ticket;
      // A configured ad network plays the ad and pays it by its own signed callback (DESIGN §19).
      setPhase(started.network ? 'network' : 'playing');
    } catch (err) {
      toast.error(errorText(err, 'Failed to complete task'));
      setPhase('ready');
    }
  }

  async function claim() {
    try {
      const result = await complete.mutateAsync({ id: task._id, ticket: ticket.current });
      toast.success(`+${result.entriesEarned} entries earned!`);
      onClose();
    } catch (err) {
      toast.error(errorText(err, 'Failed to complete task'));
    }
  }

  const leave = () => (phase === 'completed' && !askingToLeave ? setAskingToLeave(true) : onClose());

  return (
    <Modal labelledBy="video-ad-title" onClose={leave} canClose={!busy} className="max-w-md">
      <h2 id="video-ad-title" className="text-lg font-bold">
        {task.title}
      </h2>
      <div className="mt-4 flex aspect-video flex-col items-center justify-center rounded-xl bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <p className="text-xs font-semibold tracking-wider text-brand-100 uppercase">
          {phase === 'network' ? 'Rewarded ad' : 'Demo ad'}
        </p>
        {phase === 'network' && (
          <p role="status" className="mt-2 px-4 text-center text-sm">
            The ad plays in our ad partner’s player. Your {task.entriesReward} entries arrive once they
            confirm you watched it to the end.
          </p>
        )}
        {phase === 'ready' && (
          <p className="mt-2 text-sm">Press play to start the {duration}-second video.</p>
        )}
        {phase === 'loading' && (
          <p role="status" className="mt-2 text-sm">
            Loading ad...
          </p>
        )}
        {phase === 'playing' && (
          <p className="mt-2 text-3xl font-black" role="timer" aria-live="off" data-testid="ad-counter">
            {seconds}s / {duration}s
          </p>
        )}
        {phase === 'completed' && <p className="mt-2 text-lg font-bold">Thanks for watching!</p>}
      </div>
      {askingToLeave && (
        <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Claim your {task.entriesReward} entries?</p>
          <p className="text-sm">You watched the whole ad. If you close now, these entries are lost.</p>
        </div>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={leave} disabled={busy}>
          {askingToLeave ? 'Close without claiming' : 'Close'}
        </Button>
        {phase === 'completed' ? (
          <Button variant="gold" onClick={claim} disabled={complete.isPending}>
            Claim +{task.entriesReward} entries
          </Button>
        ) : (
          <Button onClick={play} disabled={phase !== 'ready'}>
            Play video
          </Button>
        )}
      </div>
    </Modal>
  );
}
