// Placeholder: the signature-generator work replaces this route module.
export function meta() {
  return [{ title: 'Generator podpisów' }];
}

export default function SignaturesRoute() {
  return <h1>Generator podpisów</h1>;
}
