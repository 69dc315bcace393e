import { LoadingState } from "@/components/ui/states";

export default function InfoLoading() {
  return <LoadingState label="Loading restaurant information…" />;
}
