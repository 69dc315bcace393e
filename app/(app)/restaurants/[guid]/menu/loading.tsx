import { LoadingState } from "@/components/ui/states";

export default function MenuLoading() {
  return <LoadingState label="Loading the menu…" />;
}
