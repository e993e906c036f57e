// A render pool that tells when each image has been handed on (its file written by the
// caller's callback), for progress lines and the crash test's kill points.
import { type PoolJob, type PoolOptions, type PoolResult, RenderPool } from '../../renders/render-pool.ts';

export class CountingPool extends RenderPool {
  constructor(
    options: PoolOptions,
    private readonly onImageDone: () => void,
  ) {
    super(options);
  }

  override run(job: PoolJob): Promise<PoolResult> {
    const inner = job.onImage;
    return super.run({
      ...job,
      onImage: async (index, image) => {
        await inner?.(index, image);
        this.onImageDone();
      },
    });
  }
}
