export default function Home() {
  return (
    <main className="mx-auto max-w-3xl p-10">
      <h1 className="text-3xl font-semibold">Atrium</h1>
      <p className="mt-4 text-slate-600">AI interior-design images for real-estate brokerages.</p>
    </main>
  );
}
