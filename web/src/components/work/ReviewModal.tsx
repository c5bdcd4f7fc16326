/**
 * The write-review dialog (work page and favourites review mode): stars (max 5; none
 * given is sent as null), progress and text; PUT /api/review?starOnly=false. For an existing review (stars,
 * text or progress saved) a delete button removes it after confirmation. `onSaved` gets
 * the new values (or null after a delete). In the novel section the calls are
 * PUT /api/novel/review?starOnly=false and DELETE /api/novel/review (catalogue.tsx).
 */
import { useState } from 'react';
import { Button, Group, Modal, Rating, Select, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROGRESS_VALUES, type Progress, type Work } from '@model';
import { useAuth } from '../../api/auth';
import { notifyError, notifySuccess } from '../../api/client';
import { deleteReview, putReview } from '../../api/review';
import { useCatalogue, useCatalogueT } from '../../catalogue';
import { ConfirmModal } from '../ConfirmModal';

export interface ReviewValues { userRating: number | null; review_text: string | null; progress: Progress | null }

/** True when the caller has a review of `work` (any of its stars, text or progress is saved). */
function hasReview(work: Pick<Work, 'userRating' | 'review_text' | 'progress'>): boolean {
  return work.userRating !== null || work.review_text !== null || work.progress !== null;
}

export function ReviewModal({ work, opened, onClose, onSaved }: { work: Pick<Work, 'id' | 'title' | 'userRating' | 'review_text' | 'progress'>; opened: boolean; onClose(): void; onSaved(v: ReviewValues | null): void }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  const [rating, setRating] = useState(work.userRating ?? 0);
  const [text, setText] = useState(work.review_text ?? '');
  const [progress, setProgress] = useState<Progress | null>(work.progress);
  const [confirm, setConfirm] = useState(false);

  const save = async () => {
    try {
      const stars = rating > 0 ? rating : null;
      const res = await putReview(me?.user.name ?? '', work.id, { rating: stars, review_text: text, progress }, catalogue);
      if (res.message) notifySuccess(res);
      onSaved({ userRating: stars, review_text: text, progress });
      onClose();
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async () => {
    try {
      const res = await deleteReview(work.id, catalogue);
      if (res.message) notifySuccess(res);
      onSaved(null);
      onClose();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={work.title} centered data-testid="review-dialog">
      <Stack>
        <Rating value={rating} onChange={setRating} count={5} size="lg" data-testid="review-rating" />
        <Select label={t('work.progress')} clearable value={progress} onChange={(v) => setProgress(v as Progress | null)}
          data={PROGRESS_VALUES.map((p) => ({ value: p, label: st(`progress.${p}`) }))} />
        <Textarea label={t('work.reviewText')} autosize minRows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="review-text" />
        <Group justify={hasReview(work) ? 'space-between' : 'flex-end'}>
          {hasReview(work) && <Button variant="subtle" color="red" onClick={() => setConfirm(true)}>{t('work.deleteReview')}</Button>}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button onClick={() => void save()} data-testid="review-save">{t('common.submit')}</Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmModal opened={confirm} message={t('work.deleteReviewConfirm')} onClose={() => setConfirm(false)} onConfirm={() => void remove()} />
    </Modal>
  );
}
