from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_claimed_agents_response_200_data_item_assurance_type_0 import (
    ListClaimedAgentsResponse200DataItemAssuranceType0,
)

if TYPE_CHECKING:
    from ..models.list_claimed_agents_response_200_data_item_keys_item import (
        ListClaimedAgentsResponse200DataItemKeysItem,
    )


T = TypeVar("T", bound="ListClaimedAgentsResponse200DataItem")


@_attrs_define
class ListClaimedAgentsResponse200DataItem:
    """
    Attributes:
        account_id (str):
        display_name (None | str):
        assurance (ListClaimedAgentsResponse200DataItemAssuranceType0 | None):
        claimed_at (None | str):
        created_at (str):
        domain_count (int): Domains it holds (GET /api/v1/domains?owner_id=… lists them)
        keys (list[ListClaimedAgentsResponse200DataItemKeysItem]):
    """

    account_id: str
    display_name: None | str
    assurance: ListClaimedAgentsResponse200DataItemAssuranceType0 | None
    claimed_at: None | str
    created_at: str
    domain_count: int
    keys: list[ListClaimedAgentsResponse200DataItemKeysItem]

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        display_name: None | str
        display_name = self.display_name

        assurance: None | str
        if isinstance(self.assurance, ListClaimedAgentsResponse200DataItemAssuranceType0):
            assurance = self.assurance.value
        else:
            assurance = self.assurance

        claimed_at: None | str
        claimed_at = self.claimed_at

        created_at = self.created_at

        domain_count = self.domain_count

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "display_name": display_name,
                "assurance": assurance,
                "claimed_at": claimed_at,
                "created_at": created_at,
                "domain_count": domain_count,
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_claimed_agents_response_200_data_item_keys_item import (
            ListClaimedAgentsResponse200DataItemKeysItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        account_id = d.pop("account_id")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        def _parse_assurance(data: object) -> ListClaimedAgentsResponse200DataItemAssuranceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assurance_type_0 = ListClaimedAgentsResponse200DataItemAssuranceType0(data)

                return assurance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListClaimedAgentsResponse200DataItemAssuranceType0 | None, data)

        assurance = _parse_assurance(d.pop("assurance"))

        def _parse_claimed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        claimed_at = _parse_claimed_at(d.pop("claimed_at"))

        created_at = d.pop("created_at")

        domain_count = d.pop("domain_count")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = ListClaimedAgentsResponse200DataItemKeysItem.from_dict(keys_item_data)

            keys.append(keys_item)

        list_claimed_agents_response_200_data_item = cls(
            account_id=account_id,
            display_name=display_name,
            assurance=assurance,
            claimed_at=claimed_at,
            created_at=created_at,
            domain_count=domain_count,
            keys=keys,
        )

        return list_claimed_agents_response_200_data_item
