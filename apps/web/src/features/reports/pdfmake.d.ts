// pdfmake 0.3 ships no type declarations; these cover what the reports' PDF builder uses of its browser build.
declare module 'pdfmake/build/pdfmake' {
  interface OutputDocument {
    getBlob(): Promise<Blob>;
  }
  interface PdfMake {
    addVirtualFileSystem(vfs: Record<string, string>): void;
    createPdf(definition: Record<string, unknown>): OutputDocument;
  }
  const pdfMake: PdfMake;
  export default pdfMake;
}

declare module 'pdfmake/build/vfs_fonts' {
  const vfs: Record<string, string>;
  export default vfs;
}
