export default function Backdrop() {
  return null;
}
