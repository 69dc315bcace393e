import { LoadingState } from "@/components/ui/states";

export default function StationsLoading() {
  return <LoadingState label="Loading prep stations…" />;
}
