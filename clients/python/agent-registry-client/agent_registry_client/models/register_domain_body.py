from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.register_domain_body_mpp_network import RegisterDomainBodyMppNetwork
from ..models.register_domain_body_payment_method import RegisterDomainBodyPaymentMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="RegisterDomainBody")


@_attrs_define
class RegisterDomainBody:
    """
    Attributes:
        domain (str): Name part ("scout") or full name ("scout.agent")
        years (int):
        agreed_to_terms (bool):
        namespace (str | Unset):
        tld (str | Unset): Legacy alias of namespace
        payment_method (RegisterDomainBodyPaymentMethod | Unset): Default mpp; gems only when asked for
        mpp_network (RegisterDomainBodyMppNetwork | Unset):
        receipt (str | Unset): Payment credential for the retry (or send Authorization: Payment)
        reseller_channel (str | Unset):
        target_owner_id (UUID | Unset):
        coupon_code (str | Unset):
    """

    domain: str
    years: int
    agreed_to_terms: bool
    namespace: str | Unset = UNSET
    tld: str | Unset = UNSET
    payment_method: RegisterDomainBodyPaymentMethod | Unset = UNSET
    mpp_network: RegisterDomainBodyMppNetwork | Unset = UNSET
    receipt: str | Unset = UNSET
    reseller_channel: str | Unset = UNSET
    target_owner_id: UUID | Unset = UNSET
    coupon_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        years = self.years

        agreed_to_terms = self.agreed_to_terms

        namespace = self.namespace

        tld = self.tld

        payment_method: str | Unset = UNSET
        if not isinstance(self.payment_method, Unset):
            payment_method = self.payment_method.value

        mpp_network: str | Unset = UNSET
        if not isinstance(self.mpp_network, Unset):
            mpp_network = self.mpp_network.value

        receipt = self.receipt

        reseller_channel = self.reseller_channel

        target_owner_id: str | Unset = UNSET
        if not isinstance(self.target_owner_id, Unset):
            target_owner_id = str(self.target_owner_id)

        coupon_code = self.coupon_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "years": years,
                "agreed_to_terms": agreed_to_terms,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if tld is not UNSET:
            field_dict["tld"] = tld
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method
        if mpp_network is not UNSET:
            field_dict["mpp_network"] = mpp_network
        if receipt is not UNSET:
            field_dict["receipt"] = receipt
        if reseller_channel is not UNSET:
            field_dict["reseller_channel"] = reseller_channel
        if target_owner_id is not UNSET:
            field_dict["target_owner_id"] = target_owner_id
        if coupon_code is not UNSET:
            field_dict["coupon_code"] = coupon_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        years = d.pop("years")

        agreed_to_terms = d.pop("agreed_to_terms")

        namespace = d.pop("namespace", UNSET)

        tld = d.pop("tld", UNSET)

        _payment_method = d.pop("payment_method", UNSET)
        payment_method: RegisterDomainBodyPaymentMethod | Unset
        if isinstance(_payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = RegisterDomainBodyPaymentMethod(_payment_method)

        _mpp_network = d.pop("mpp_network", UNSET)
        mpp_network: RegisterDomainBodyMppNetwork | Unset
        if isinstance(_mpp_network, Unset):
            mpp_network = UNSET
        else:
            mpp_network = RegisterDomainBodyMppNetwork(_mpp_network)

        receipt = d.pop("receipt", UNSET)

        reseller_channel = d.pop("reseller_channel", UNSET)

        _target_owner_id = d.pop("target_owner_id", UNSET)
        target_owner_id: UUID | Unset
        if isinstance(_target_owner_id, Unset):
            target_owner_id = UNSET
        else:
            target_owner_id = UUID(_target_owner_id)

        coupon_code = d.pop("coupon_code", UNSET)

        register_domain_body = cls(
            domain=domain,
            years=years,
            agreed_to_terms=agreed_to_terms,
            namespace=namespace,
            tld=tld,
            payment_method=payment_method,
            mpp_network=mpp_network,
            receipt=receipt,
            reseller_channel=reseller_channel,
            target_owner_id=target_owner_id,
            coupon_code=coupon_code,
        )

        register_domain_body.additional_properties = d
        return register_domain_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
