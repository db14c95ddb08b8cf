from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lookup_domain_response_200_identity_erc_8004 import LookupDomainResponse200IdentityErc8004


T = TypeVar("T", bound="LookupDomainResponse200Identity")


@_attrs_define
class LookupDomainResponse200Identity:
    """
    Attributes:
        did (str): The name’s did:web identifier; its DID document is `manifests.did_document`
        human_backed (bool): Deprecated alias for a stored operator link; not a human-verification result
        squad_id (str): Agent squad identifier; "" when none
        capabilities_preview (list[str]):
        erc8004 (LookupDomainResponse200IdentityErc8004 | Unset): The name’s ERC-8004 entry, once registered on chain
            (POST /api/v1/domains/{name}/erc8004)
    """

    did: str
    human_backed: bool
    squad_id: str
    capabilities_preview: list[str]
    erc8004: LookupDomainResponse200IdentityErc8004 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        did = self.did

        human_backed = self.human_backed

        squad_id = self.squad_id

        capabilities_preview = self.capabilities_preview

        erc8004: dict[str, Any] | Unset = UNSET
        if not isinstance(self.erc8004, Unset):
            erc8004 = self.erc8004.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "did": did,
                "human_backed": human_backed,
                "squad_id": squad_id,
                "capabilities_preview": capabilities_preview,
            }
        )
        if erc8004 is not UNSET:
            field_dict["erc8004"] = erc8004

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lookup_domain_response_200_identity_erc_8004 import LookupDomainResponse200IdentityErc8004  # noqa: PLC0415

        d = dict(src_dict)
        did = d.pop("did")

        human_backed = d.pop("human_backed")

        squad_id = d.pop("squad_id")

        capabilities_preview = cast(list[str], d.pop("capabilities_preview"))

        _erc8004 = d.pop("erc8004", UNSET)
        erc8004: LookupDomainResponse200IdentityErc8004 | Unset
        if isinstance(_erc8004, Unset):
            erc8004 = UNSET
        else:
            erc8004 = LookupDomainResponse200IdentityErc8004.from_dict(_erc8004)

        lookup_domain_response_200_identity = cls(
            did=did,
            human_backed=human_backed,
            squad_id=squad_id,
            capabilities_preview=capabilities_preview,
            erc8004=erc8004,
        )

        return lookup_domain_response_200_identity
