import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPushDevices, removePushDevice } from './push-requests';

/** Every Web Push query sits under ['push'] (docs/decisions/037). */
export const pushKeys = {
  all: ['push'] as const,
  devices: () => [...pushKeys.all, 'devices'] as const,
};

export function usePushDevices() {
  return useQuery({ queryKey: pushKeys.devices(), queryFn: ({ signal }) => getPushDevices(signal) });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePushDevice, onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }) });
}
