/** An upload's progress bar, loaded with the thread's interactive parts (features/chat/lib/after-paint.ts). */
import { Progress } from '@chakra-ui/react/progress';
import { progressRecipe } from '@/lib/theme/slot-recipes';

export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Progress.Root recipe={progressRecipe} value={percent} size="xs" colorPalette="green" aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
