/** Where machine payments go: the token and receiver on the configured chain, as the API needs them to issue challenges. */
export interface PaymentSettings {
  /** The challenge realm: this server's host. */
  realm: string;
  chainId: number;
  token: string;
  payTo: string;
  /** Binds challenges to this server (HMAC). */
  secret: string;
  /** The RPC payers are told to use (MPP_PUBLIC_RPC_URL), if any. */
  rpcUrl?: string;
}
