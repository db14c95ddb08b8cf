from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_me_response_200_account_assurance_type_0 import GetMeResponse200AccountAssuranceType0
from ..models.get_me_response_200_account_kind import GetMeResponse200AccountKind

T = TypeVar("T", bound="GetMeResponse200Account")


@_attrs_define
class GetMeResponse200Account:
    """
    Attributes:
        account_id (str):
        kind (GetMeResponse200AccountKind):
        assurance (GetMeResponse200AccountAssuranceType0 | None):
        operator_linked (bool):
        created_at (str):
        display_name (None | str):
        is_reseller (bool):
        wallet_address (None | str):
        payout_address (None | str): Where pathUSD sale proceeds are paid on chain (lowercase); null: they are held as a
            balance
    """

    account_id: str
    kind: GetMeResponse200AccountKind
    assurance: GetMeResponse200AccountAssuranceType0 | None
    operator_linked: bool
    created_at: str
    display_name: None | str
    is_reseller: bool
    wallet_address: None | str
    payout_address: None | str

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        kind = self.kind.value

        assurance: None | str
        if isinstance(self.assurance, GetMeResponse200AccountAssuranceType0):
            assurance = self.assurance.value
        else:
            assurance = self.assurance

        operator_linked = self.operator_linked

        created_at = self.created_at

        display_name: None | str
        display_name = self.display_name

        is_reseller = self.is_reseller

        wallet_address: None | str
        wallet_address = self.wallet_address

        payout_address: None | str
        payout_address = self.payout_address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "kind": kind,
                "assurance": assurance,
                "operator_linked": operator_linked,
                "created_at": created_at,
                "display_name": display_name,
                "is_reseller": is_reseller,
                "wallet_address": wallet_address,
                "payout_address": payout_address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        kind = GetMeResponse200AccountKind(d.pop("kind"))

        def _parse_assurance(data: object) -> GetMeResponse200AccountAssuranceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assurance_type_0 = GetMeResponse200AccountAssuranceType0(data)

                return assurance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetMeResponse200AccountAssuranceType0 | None, data)

        assurance = _parse_assurance(d.pop("assurance"))

        operator_linked = d.pop("operator_linked")

        created_at = d.pop("created_at")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        is_reseller = d.pop("is_reseller")

        def _parse_wallet_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        wallet_address = _parse_wallet_address(d.pop("wallet_address"))

        def _parse_payout_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payout_address = _parse_payout_address(d.pop("payout_address"))

        get_me_response_200_account = cls(
            account_id=account_id,
            kind=kind,
            assurance=assurance,
            operator_linked=operator_linked,
            created_at=created_at,
            display_name=display_name,
            is_reseller=is_reseller,
            wallet_address=wallet_address,
            payout_address=payout_address,
        )

        return get_me_response_200_account
