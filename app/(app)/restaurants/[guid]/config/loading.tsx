import { LoadingState } from "@/components/ui/states";

export default function ConfigLoading() {
  return <LoadingState label="Loading configuration…" />;
}
