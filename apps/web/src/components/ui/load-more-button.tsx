import { Button } from './button';
import { Spinner } from './spinner';

interface LoadMoreButtonProps {
  /** From useInfiniteQuery: hasNextPage, isFetchingNextPage, fetchNextPage. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** 'Cargar más' under a cursor-paged list; renders nothing on the last page. */
export function LoadMoreButton({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreButtonProps) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" className="w-full sm:w-auto" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <Spinner />}
        Cargar más
      </Button>
    </div>
  );
}
