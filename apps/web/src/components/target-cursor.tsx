export default function TargetCursor() {
  return null;
}
