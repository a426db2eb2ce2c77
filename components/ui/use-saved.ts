"use client";
import { useRouter } from "next/navigation";
import { useToast } from "./toast";

/** What a form does once the server has saved it: says so, and re-renders the page's server data. */
export function useSaved(): (message: string) => void {
  const router = useRouter();
  const toast = useToast();
  return (message) => {
    toast(message);
    router.refresh();
  };
}
