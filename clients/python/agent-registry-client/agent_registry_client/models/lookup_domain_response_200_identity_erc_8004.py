from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LookupDomainResponse200IdentityErc8004")


@_attrs_define
class LookupDomainResponse200IdentityErc8004:
    """The name’s ERC-8004 entry, once registered on chain (POST /api/v1/domains/{name}/erc8004)

    Attributes:
        agent_id (int): The token id the ERC-8004 identity registry minted for the name
        agent_registry (str): eip155:<chain id>:<identity registry address>
    """

    agent_id: int
    agent_registry: str

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        agent_registry = self.agent_registry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_id": agent_id,
                "agent_registry": agent_registry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        agent_registry = d.pop("agent_registry")

        lookup_domain_response_200_identity_erc_8004 = cls(
            agent_id=agent_id,
            agent_registry=agent_registry,
        )

        return lookup_domain_response_200_identity_erc_8004
