import { XMLBuilder } from 'fast-xml-parser';

// XML the server writes (WMS capabilities, exceptions and GML, SVG legends, feature-info HTML) through the one XML
// library it carries, fast-xml-parser (which also reads the WeChat pushes, entities off: docs/security.md). Elements
// are built as a tree (ele / txt / up, the shape of a DOM builder); text is escaped here (& < >), attribute values too
// (& < >, and the builder adds " and '), so that stored names and colours are always text, never markup.

type Attributes = Record<string, string>;

const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const escapeAttribute = escapeText;

/** fast-xml-parser's ordered form: one object per node, its children under its name and its attributes under ':@'. */
type OrderedNode = Record<string, unknown>;

export class XmlElement {
  private readonly children: Array<XmlElement | string> = [];

  constructor(
    private readonly name: string,
    private readonly attributes: Attributes,
    private readonly parent: XmlElement | XmlDocument,
  ) {}

  /** A child element (with a namespace URI first: written as its xmlns). */
  ele(name: string, attributes?: Attributes): XmlElement;
  ele(namespace: string, name: string, attributes?: Attributes): XmlElement;
  ele(a: string, b?: string | Attributes, c?: Attributes): XmlElement {
    const child = typeof b === 'string' ? new XmlElement(b, { xmlns: a, ...c }, this) : new XmlElement(a, b ?? {}, this);
    this.children.push(child);
    return child;
  }

  /** Text content (escaped when written). */
  txt(text: string): this {
    this.children.push(text);
    return this;
  }

  /** The parent element (or the document). */
  up(): XmlElement {
    return this.parent instanceof XmlElement ? this.parent : this;
  }

  /** The whole document this element belongs to, as text. */
  end(options: EndOptions = {}): string {
    return this.parent.end(options);
  }

  /** The namespace an ancestor binds to `attribute` (xmlns or xmlns:prefix), if any. */
  private inherited(attribute: string): string | undefined {
    for (let e = this.parent; e instanceof XmlElement; e = e.parent) if (attribute in e.attributes) return e.attributes[attribute];
    return undefined;
  }

  /** @internal */
  ordered(): OrderedNode {
    const node: OrderedNode = {
      [this.name]: this.children.map((c) => (typeof c === 'string' ? { '#text': escapeText(c) } : c.ordered())),
    };
    // A namespace declaration an ancestor already makes is left out (as a namespace-aware writer does).
    const attributes = Object.entries(this.attributes).filter(([k, v]) => !/^xmlns(:|$)/.test(k) || this.inherited(k) !== v);
    if (attributes.length) node[':@'] = Object.fromEntries(attributes.map(([k, v]) => [k, escapeAttribute(v)]));
    return node;
  }
}

export interface EndOptions {
  /** Without the XML declaration. */
  headless?: boolean;
  /** Indented, one element a line. */
  prettyPrint?: boolean;
}

export class XmlDocument {
  private root: XmlElement | null = null;

  constructor(private readonly declaration: { version: string; encoding?: string } = { version: '1.0' }) {}

  /** The document element (with a namespace URI first: written as its xmlns). */
  ele(name: string, attributes?: Attributes): XmlElement;
  ele(namespace: string, name: string, attributes?: Attributes): XmlElement;
  ele(a: string, b?: string | Attributes, c?: Attributes): XmlElement {
    this.root = typeof b === 'string' ? new XmlElement(b, { xmlns: a, ...c }, this) : new XmlElement(a, b ?? {}, this);
    return this.root;
  }

  end(options: EndOptions = {}): string {
    const nodes: OrderedNode[] = [];
    if (!options.headless) nodes.push({ '?xml': [{ '#text': '' }], ':@': { ...this.declaration } });
    if (this.root) nodes.push(this.root.ordered());
    const builder = new XMLBuilder({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      suppressEmptyNode: true,
      processEntities: false,
      format: options.prettyPrint ?? false,
      indentBy: '  ',
    });
    return builder.build(nodes) as string;
  }
}

/** A new XML document (the declaration written unless `end` is asked headless). */
export function xmlDocument(declaration?: { version: string; encoding?: string }): XmlDocument {
  return new XmlDocument(declaration);
}
