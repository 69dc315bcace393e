import { LoadingState } from "@/components/ui/states";

export default function RestaurantLoading() {
  return <LoadingState label="Loading restaurant…" />;
}
