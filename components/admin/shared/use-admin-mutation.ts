"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminKeys } from "@/lib/queries/admin";

/**
 * One admin write: on success every admin query is asked again (a person's change shows in the
 * audit log, an area's in the people's scopes); the error, the API's sentence, is the caller's to show.
 */
export function useAdminMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
