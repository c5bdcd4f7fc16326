/** A small confirmation dialog (spec 000 section 5: deletes and logout ask first). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  message: string;
  onConfirm(): void;
  onClose(): void;
  /** Confirm button colour; red by default. */
  color?: string;
}

export function ConfirmModal({ opened, message, onConfirm, onClose, color = 'red' }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered size="sm">
      <Text mb="md" data-testid="confirm-message">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button color={color} onClick={() => { onClose(); onConfirm(); }} data-testid="confirm-ok">{t('common.confirm')}</Button>
      </Group>
    </Modal>
  );
}
