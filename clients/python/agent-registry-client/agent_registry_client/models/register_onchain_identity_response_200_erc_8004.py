from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegisterOnchainIdentityResponse200Erc8004")


@_attrs_define
class RegisterOnchainIdentityResponse200Erc8004:
    """
    Attributes:
        agent_id (int | None): The ERC-721 token id the identity registry minted
        agent_registry (str): eip155:<chain id>:<identity registry address>
        agent_uri (str): The registration file the entry points at
        tx_hash (str): The registration transaction
    """

    agent_id: int | None
    agent_registry: str
    agent_uri: str
    tx_hash: str

    def to_dict(self) -> dict[str, Any]:
        agent_id: int | None
        agent_id = self.agent_id

        agent_registry = self.agent_registry

        agent_uri = self.agent_uri

        tx_hash = self.tx_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_id": agent_id,
                "agent_registry": agent_registry,
                "agent_uri": agent_uri,
                "tx_hash": tx_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_agent_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        agent_registry = d.pop("agent_registry")

        agent_uri = d.pop("agent_uri")

        tx_hash = d.pop("tx_hash")

        register_onchain_identity_response_200_erc_8004 = cls(
            agent_id=agent_id,
            agent_registry=agent_registry,
            agent_uri=agent_uri,
            tx_hash=tx_hash,
        )

        return register_onchain_identity_response_200_erc_8004
